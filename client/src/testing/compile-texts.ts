// The build compiles each text's English into its chunk (vite.config.ts: precompileEnglish); the tests
// run the macros alone, so the app compiles the English it shows with Lingui's compiler, once per text.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { compileTextsWith } from '@/lib/i18n/i18n';

const compiledTexts = new Map<string, ReturnType<typeof compileMessage>>();

compileTextsWith((message) => {
  let compiled = compiledTexts.get(message);
  if (!compiled) {
    compiled = compileMessage(message);
    compiledTexts.set(message, compiled);
  }
  return compiled;
});
