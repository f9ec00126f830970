import { Type, type Static } from 'typebox';

export const SEARCH_KINDS = ['person', 'packet', 'disclosure', 'team'] as const;

/** One thing found by name, with the screen that opens it. */
export const SearchHitDto = Type.Object({
  kind: Type.Union([Type.Literal('person'), Type.Literal('packet'), Type.Literal('disclosure'), Type.Literal('team')]),
  id: Type.String(),
  label: Type.String(),
  description: Type.String(),
  url: Type.String(),
});
export type SearchHitDto = Static<typeof SearchHitDto>;

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 2, maxLength: 100 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 5 })),
});

export const SearchResult = Type.Object({ items: Type.Array(SearchHitDto) });
