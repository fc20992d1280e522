// Build-time settings. Vite fills `import.meta.env`; under Jest it is absent, so every read is guarded.
type Env = Partial<Record<string, string | boolean | undefined>>;

const viteEnv: Env = ((import.meta as unknown as { env?: Env }).env ?? {}) as Env;

const text = (key: string): string | undefined => {
  const value = viteEnv[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

export const env = {
  /** Versioned base path of the API, shared by every client. */
  apiBaseUrl: (text('VITE_API_BASE_URL') ?? '/api/v1').replace(/\/+$/, ''),
  /** Shown until GET /site answers, and if it never does. */
  defaultProductName: text('VITE_PRODUCT_NAME') ?? 'ScreamStage',
} as const;
