export const inputClass = (invalid: boolean) =>
  `block w-full rounded-md border bg-night-900 px-3 py-2.5 text-bone-50 placeholder:text-bone-400/70 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-blood-400 ${
    invalid ? 'border-blood-500' : 'border-night-600 hover:border-bone-400/60'
  }`;

export const labelClass = 'mb-1.5 block text-sm font-medium text-bone-200';
