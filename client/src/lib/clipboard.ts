// Copies text; false when the browser refuses (no permission, insecure page, old browser).
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* try the old way */
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const done = typeof document.execCommand === 'function' && document.execCommand('copy');
    area.remove();
    return done;
  } catch {
    return false;
  }
}
