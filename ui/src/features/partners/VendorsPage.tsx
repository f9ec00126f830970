import { Anchor, Badge, Button, Card, Group, Stack, Table, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { VENDOR_LIMITS } from '../../../../domain/partners/vendors';
import { fieldErrors } from '../../shared/api';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { useCreateVendor, useSetVendorActive, useVendors } from './partners.api';

/** `/vendors`: the school's vendors, each with its public business card; deactivating one takes its card down. */
export function VendorsPage() {
  const navigate = useNavigate();
  const list = useVendors();
  const toggle = useSetVendorActive();
  return (
    <Stack>
      <PageHeader
        title="Vendors"
        description="Vendors and their public business cards, readable without an account."
        actions={<Button onClick={() => void navigate('/createVendor')}>Add vendor</Button>}
      />
      {toggle.error !== null && <ApiErrorAlert error={toggle.error} />}
      {list.isLoading ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.items.length === 0 ? (
        <NothingHere title="No vendors yet" description="Add a vendor to give them a business card." />
      ) : list.data ? (
        <>
          <Text size="sm">{countOf(list.data.total, 'vendor')}</Text>
          <TableScroll minWidth={720}>
            <Table aria-label="Vendors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Categories</Table.Th>
                  <Table.Th>Business card</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((v) => (
                  <Table.Tr key={v.id}>
                    <Table.Td>{v.name}</Table.Td>
                    <Table.Td>{v.categories.join(', ') || '—'}</Table.Td>
                    <Table.Td>
                      {v.active ? (
                        <Anchor component={Link} to={`/card/${v.customUrl}`}>
                          /card/{v.customUrl}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={v.active ? 'teal' : 'gray'} variant="light">
                        {v.active ? 'Active' : 'Deactivated'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color={v.active ? 'red' : undefined}
                        aria-label={`${v.active ? 'Deactivate' : 'Reactivate'} ${v.name}`}
                        onClick={() => toggle.mutate({ id: v.id, active: !v.active })}
                      >
                        {v.active ? 'Deactivate' : 'Reactivate'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </>
      ) : null}
    </Stack>
  );
}

/** `/createVendor`: a vendor's profile and the custom URL of its card (letters, numbers, - and _, at most 60). */
export function CreateVendorPage() {
  const navigate = useNavigate();
  const create = useCreateVendor();
  const [v, setV] = useState({ name: '', customUrl: '', services: '', prices: '', logoUrl: '', contactEmail: '' });
  const [categories, setCategories] = useState<string[]>([]);
  const errors = fieldErrors(create.error);
  const set = (k: keyof typeof v) => (e: { currentTarget: { value: string } }) =>
    setV((o) => ({ ...o, [k]: e.currentTarget.value }));
  return (
    <Stack maw={760}>
      <PageHeader title="Add vendor" description="The vendor's profile and public business card." />
      <Card withBorder>
        <form
          aria-label="Add vendor"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(
              {
                name: v.name,
                customUrl: v.customUrl,
                categories,
                services: v.services || null,
                prices: v.prices || null,
                logoUrl: v.logoUrl || null,
                contactEmail: v.contactEmail || null,
              },
              { onSuccess: () => void navigate('/vendors') },
            );
          }}
        >
          <Stack gap="sm">
            <TextInput label="Name" required value={v.name} onChange={set('name')} error={errors.name} />
            <TextInput
              label="Custom URL"
              required
              description={`Letters, numbers, hyphens and underscores; at most ${VENDOR_LIMITS.customUrlMaxLength} characters. The card is at /card/<this>.`}
              value={v.customUrl}
              onChange={set('customUrl')}
              error={errors.customUrl}
            />
            <TagsInput
              label="Categories"
              description="Press Enter after each"
              value={categories}
              onChange={setCategories}
              maxTags={VENDOR_LIMITS.maxCategories}
            />
            <Textarea label="Services" autosize minRows={2} value={v.services} onChange={set('services')} />
            <Textarea label="Prices" autosize minRows={2} value={v.prices} onChange={set('prices')} />
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label="Logo URL"
                value={v.logoUrl}
                onChange={set('logoUrl')}
                error={errors.logoUrl}
                miw={220}
              />
              <TextInput
                label="Contact email"
                type="email"
                value={v.contactEmail}
                onChange={set('contactEmail')}
                error={errors.contactEmail}
                miw={220}
              />
            </Group>
            {create.error !== null && <ApiErrorAlert error={create.error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate('/vendors')}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Add vendor
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
