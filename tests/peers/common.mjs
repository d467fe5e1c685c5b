// Shared by the peer scripts: reads the command line and prints one JSON object, so the Qt test
// can check what an official SDK made of the simulator's stream.

export function args() {
  const [baseURL, model, apiKey] = process.argv.slice(2);
  if (!baseURL || !model || !apiKey) {
    console.error(`usage: node ${process.argv[1]} BASE_URL MODEL API_KEY`);
    process.exit(2);
  }
  return { baseURL, model, apiKey };
}

export function report(result) {
  console.log(JSON.stringify(result));
}

// An SDK error as JSON (exit code 3), so a test can tell an auth failure from a crash.
export function fail(error) {
  report({ error: { name: error?.constructor?.name ?? 'Error', status: error?.status ?? null,
                    message: String(error?.message ?? error) } });
  process.exit(3);
}
