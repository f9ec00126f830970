import { useEffect } from 'react';
import { PRODUCT_NAME } from './brand';

/** Sets document.title so each screen is identifiable in tabs, history and screen readers. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
