// Streams a Message with the official @anthropic-ai/sdk (its MessageStream helper, which checks
// the event order) and prints text, stop reason and usage.
import Anthropic from '@anthropic-ai/sdk';
import { args, fail, report } from './common.mjs';

const { baseURL, model, apiKey } = args();
const client = new Anthropic({ baseURL, apiKey, maxRetries: 0, timeout: 30000 });
try {
  const stream = client.messages.stream({
    model,
    max_tokens: 256,
    messages: [{ role: 'user', content: 'Say hello from the Anthropic SDK.' }],
  });
  let text = '';
  stream.on('text', (delta) => { text += delta; });
  const message = await stream.finalMessage();
  report({ text, finish_reason: message.stop_reason, usage: message.usage,
           final_text: message.content[0]?.text ?? null, id: message.id });
} catch (error) {
  fail(error);
}
