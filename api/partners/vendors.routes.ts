import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { errorResponses, IdParams } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import {
  CARD_DESCRIPTION,
  CardParams,
  CREATE_VENDOR_DESCRIPTION,
  CreateVendorBody,
  VENDOR_ACTIVE_DESCRIPTION,
  VendorActiveBody,
  VendorCardDto,
  VendorDto,
  VendorListDto,
} from './vendors.schemas';
import { createVendor, listVendorsFor, setVendorActiveFor, vendorCard } from './vendors.service';

/**
 * Vendors (issue 39): the compliance admins keep the school's vendors and their public business cards; the card at
 * /card/<customUrl> is readable without an account (rate limited, no tracking) and 404 once the vendor is
 * deactivated.
 */
export const vendorsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);
  const canManage = [requirePermission('disclosures:review')];

  app.get(
    '/vendors',
    { onRequest: canManage, schema: { response: { 200: VendorListDto, ...errorResponses(401, 403) } } },
    async (request) => listVendorsFor(deps(request), actor(request)),
  );

  app.post(
    '/vendors',
    {
      onRequest: canManage,
      schema: {
        body: CreateVendorBody,
        description: CREATE_VENDOR_DESCRIPTION,
        response: { 201: VendorDto, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createVendor(deps(request), actor(request), request.body)),
  );

  app.post(
    '/vendors/:id/active',
    {
      onRequest: canManage,
      schema: {
        params: IdParams,
        body: VendorActiveBody,
        description: VENDOR_ACTIVE_DESCRIPTION,
        response: { 200: VendorDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setVendorActiveFor(deps(request), actor(request), request.params.id, request.body.active),
  );

  app.get(
    '/vendors/cards/:customUrl',
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        params: CardParams,
        description: CARD_DESCRIPTION,
        response: { 200: VendorCardDto, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => vendorCard(deps(request), request.params.customUrl),
  );
};
