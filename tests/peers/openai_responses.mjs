// Streams a Responses API answer with the official openai SDK and prints text, final status and
// usage.
import OpenAI from 'openai';
import { args, fail, report } from './common.mjs';

const { baseURL, model, apiKey } = args();
const client = new OpenAI({ baseURL, apiKey, maxRetries: 0, timeout: 30000 });
try {
  const stream = await client.responses.create({
    model,
    input: 'Say hello from the Responses API.',
    stream: true,
    max_output_tokens: 256,
  });
  let text = '';
  let finishReason = null;
  let usage = null;
  let doneText = null;
  const types = [];
  for await (const event of stream) {
    types.push(event.type);
    if (event.type === 'response.output_text.delta') text += event.delta;
    if (event.type === 'response.output_text.done') doneText = event.text;
    if (event.type === 'response.completed' || event.type === 'response.incomplete') {
      finishReason = event.response.status;
      usage = event.response.usage;
    }
  }
  report({ text, finish_reason: finishReason, usage, done_text: doneText,
           first_event: types[0], last_event: types[types.length - 1] });
} catch (error) {
  fail(error);
}
