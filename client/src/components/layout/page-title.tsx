// The document's title: '{page} | {product}'. React puts a <title> rendered anywhere into the document's
// head (and the server's drawing moves it there, entry-server.tsx), so the title is the same drawn and
// hydrated. One is rendered at a time: by the root layout from the route's `handle.title`, or by a page
// named by its data (app/route-module.ts). A route's name is a message, shown in the reader's language.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useProductName } from '@/lib/api/site';

export function PageTitle({ name }: { name: string | MessageDescriptor }) {
  const product = useProductName();
  const { i18n } = useLingui();
  const page = typeof name === 'string' ? name : i18n._(name);
  // The separator and the product's name are not words of a language: the same in every one.
  return <title>{`${page} | ${product}`}</title>;
}
