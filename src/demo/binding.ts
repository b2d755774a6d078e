// The Simulator object of this Worker: bound only where the development and staging entry runs (workers/dev.ts).
export function demoSimulator(env: Env) {
  if (!env.SIMULATOR) throw new Error("this Worker has no SIMULATOR binding (the simulator is not in production)");
  return env.SIMULATOR.getByName("demo");
}
