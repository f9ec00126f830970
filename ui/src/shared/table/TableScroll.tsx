import { Table } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import classes from './TableScroll.module.css';

/** What a scroll container knows about its table once drawn: whether it is cut, and the table's own name. */
interface Overflow {
  cut: boolean;
  atEnd: boolean;
  tableName: string;
}

function measure(viewport: HTMLDivElement): Overflow {
  const table = viewport.querySelector('table');
  const cut = viewport.scrollWidth > viewport.clientWidth + 1;
  return {
    cut,
    atEnd: viewport.scrollLeft + viewport.clientWidth >= viewport.scrollWidth - 1,
    tableName: table?.getAttribute('aria-label') ?? table?.querySelector('caption')?.textContent ?? 'Table',
  };
}

/**
 * The one way a table is put on a page: below its `minWidth` it scrolls inside its own box, never the page. When its
 * columns are cut, a shadow on the cut edge shows there is more, and the box becomes a named, focusable region
 * ("Sent packets, scrolls sideways") so keyboard and screen-reader users can reach and scroll it too.
 */
export function TableScroll({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  const viewport = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ cut: false, atEnd: true, tableName: 'Table' });
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const update = () =>
      setOverflow((prev) => {
        const next = measure(el);
        return prev.cut === next.cut && prev.atEnd === next.atEnd && prev.tableName === next.tableName ? prev : next;
      });
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    el.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', update);
    };
  }, []);
  const label = `${overflow.tableName}, scrolls sideways`;
  return (
    <div className={classes.frame} data-cut={overflow.cut && !overflow.atEnd ? 'true' : undefined}>
      <Table.ScrollContainer
        ref={viewport}
        type="native"
        minWidth={minWidth}
        className={classes.viewport}
        {...(overflow.cut ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      >
        {children}
      </Table.ScrollContainer>
    </div>
  );
}
