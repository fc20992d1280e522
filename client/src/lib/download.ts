// Saving a file the app made or fetched (a CSV export), in one object so tests can watch it.
export const files = {
  /** Offers `blob` to the browser as a download named `name`. */
  save(blob: Blob, name: string): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
    // After the click has handed the file over.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  },
};
