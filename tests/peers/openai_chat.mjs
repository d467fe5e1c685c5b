// Streams a Chat Completion with the official openai SDK and prints text, finish reason and usage.
import OpenAI from 'openai';
import { args, fail, report } from './common.mjs';

const { baseURL, model, apiKey } = args();
const client = new OpenAI({ baseURL, apiKey, maxRetries: 0, timeout: 30000 });
try {
  const stream = await client.chat.completions.create({
    model,
    messages: [{ role: 'user', content: 'Say hello from the openai SDK.' }],
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: 256,
  });
  let text = '';
  let finishReason = null;
  let usage = null;
  let chunks = 0;
  for await (const chunk of stream) {
    chunks += 1;
    const choice = chunk.choices?.[0];
    if (choice?.delta?.content) text += choice.delta.content;
    if (choice?.finish_reason) finishReason = choice.finish_reason;
    if (chunk.usage) usage = chunk.usage;
  }
  report({ text, finish_reason: finishReason, usage, chunks });
} catch (error) {
  fail(error);
}
