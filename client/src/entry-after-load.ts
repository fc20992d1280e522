// The entry of a page drawn on the server (decision 020). The page is painted and readable without
// script, so its scripts wait until it has loaded (its stylesheet and the pictures on screen go first),
// then they load in parallel (the page names the app's entry in `data-entry` and the rest in
// `data-scripts`) and the page hydrates (main.tsx).
//
// A tap on a button before then is kept and done once the page has hydrated, so nothing tapped is lost.
// Links work without script; forms take input once hydrated (their fieldset is disabled until then).
const held: HTMLElement[] = [];

function hold(event: MouseEvent): void {
  const control = (event.target as Element | null)?.closest<HTMLElement>('button, [role="button"], [role="tab"]');
  if (!control || control.closest('a[href]')) return;
  event.preventDefault();
  event.stopPropagation();
  if (!held.includes(control)) held.push(control);
}

document.addEventListener('click', hold, true);
// The page frame marks the document `data-hydrated` once the page has hydrated (useMarkHydrated). This
// entry imports nothing, so it is one small file that needs no other.
new MutationObserver((_changes, observer) => {
  if (!document.documentElement.hasAttribute('data-hydrated')) return;
  observer.disconnect();
  document.removeEventListener('click', hold, true);
  for (const control of held.splice(0)) if (control.isConnected) control.click();
}).observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });

function start(): void {
  const { entry, scripts = '' } = document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset ?? {};
  for (const href of scripts.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // The app's entry by the address the server gave (the build's main.tsx): this entry shares no code with it.
  if (entry) void import(/* @vite-ignore */ entry);
}

/** After the load event and the next frame painted after it. */
const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
if (document.readyState === 'complete') afterPaint();
else window.addEventListener('load', afterPaint, { once: true });
