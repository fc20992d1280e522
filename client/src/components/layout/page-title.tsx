// The document's title: '{page} | {product}'. React puts a <title> rendered anywhere into the document's
// head (and the server's drawing moves it there, entry-server.tsx), so the title is the same drawn and
// hydrated. One is rendered at a time: by the root layout from the route's `handle.title`, or by a page
// named by its data (app/route-module.ts).
import { useProductName } from '@/lib/api/site';

export function PageTitle({ name }: { name: string }) {
  const product = useProductName();
  return <title>{`${name} | ${product}`}</title>;
}
