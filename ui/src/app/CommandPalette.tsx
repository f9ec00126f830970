import { Button, Kbd, Text } from '@mantine/core';
import { useDebouncedValue, useOs } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SearchHitDto } from '../../../api/search/search.schemas';
import type { VisibleNavModule } from '../../../domain/routes';
import { api } from '../shared/api';
import { labelFor, SEARCH_KIND_LABELS } from '../shared/labels';

const KINDS: SearchHitDto['kind'][] = ['person', 'packet', 'disclosure', 'team'];

function useSearch(q: string) {
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => api.get<{ items: SearchHitDto[] }>('/search', { q }, signal),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** Lower-case words of the text, for matching "sent pack" against "E-signature · Sent". */
function matches(query: string, ...texts: string[]): boolean {
  const hay = texts.join(' ').toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => hay.includes(word));
}

/** The header's button that opens the palette, with its shortcut. */
export function CommandPaletteButton() {
  const os = useOs();
  const mod = os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl';
  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          <Text component="span" size="xs" c="gray.7" visibleFrom="md">
            <Kbd size="xs">{mod}</Kbd> <Kbd size="xs">K</Kbd>
          </Text>
        }
        onClick={() => spotlight.open()}
        aria-keyshortcuts="Control+K Meta+K"
        visibleFrom="sm"
      >
        Search
      </Button>
      <Button
        variant="default"
        size="sm"
        px={8}
        onClick={() => spotlight.open()}
        aria-label="Search"
        hiddenFrom="sm"
        aria-keyshortcuts="Control+K Meta+K"
      >
        <IconSearch size={18} aria-hidden />
      </Button>
    </>
  );
}

/**
 * The command palette (Ctrl/Cmd-K): jumps to any screen in this person's sidebar and finds people, packets,
 * disclosures and teams of the school by name through GET /search (which applies the same permissions).
 */
export function CommandPalette({ nav }: { nav: VisibleNavModule[] }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [q] = useDebouncedValue(query.trim(), 200);
  const search = useSearch(q);
  const screens = nav.flatMap((module) =>
    module.items
      .filter((item) => !query.trim() || matches(query, item.label, item.title, module.label))
      .map((item) => ({ item, module })),
  );
  const hits = q.length >= 2 ? (search.data?.items ?? []) : [];
  const go = (to: string) => {
    spotlight.close();
    void navigate(to);
  };
  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      clearQueryOnClose
      scrollable
      maxHeight={440}
      title="Search and jump"
    >
      <Spotlight.Search
        placeholder="Screens, people, packets, disclosures, teams…"
        leftSection={<IconSearch size={18} aria-hidden />}
        aria-label="Search screens and records"
      />
      {/* Spotlight draws a group's label with CSS only (::before); each group also carries it as its name. */}
      <Spotlight.ActionsList aria-label="Results">
        {screens.length > 0 && (
          <Spotlight.ActionsGroup label="Screens" role="group" aria-label="Screens">
            {screens.map(({ item, module }) => (
              <Spotlight.Action
                key={`screen:${item.path}`}
                label={item.label}
                description={item.needsPlan ? `${module.label} · needs the Connect plan` : module.label}
                onClick={() => go(item.to)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {KINDS.map((kind) => {
          const ofKind = hits.filter((h) => h.kind === kind);
          if (ofKind.length === 0) return null;
          return (
            <Spotlight.ActionsGroup
              key={kind}
              label={labelFor(SEARCH_KIND_LABELS, kind)}
              role="group"
              aria-label={labelFor(SEARCH_KIND_LABELS, kind)}
            >
              {ofKind.map((hit) => (
                <Spotlight.Action
                  key={`${kind}:${hit.id}`}
                  label={hit.label}
                  description={hit.description}
                  onClick={() => go(hit.url)}
                />
              ))}
            </Spotlight.ActionsGroup>
          );
        })}
        {screens.length === 0 && hits.length === 0 && (
          <Spotlight.Empty>
            {q.length >= 2 && search.isFetching ? 'Searching…' : 'Nothing found. Try another name.'}
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
