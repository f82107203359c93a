// What waking alone costs this host: an empty timer every 1 ms on a worker thread, as the engine's
// tick runs (src/engine/engine.ts), with nothing else in the process. The footprint table prints it
// beside its rows: it is the least any generator that starts iterations in the millisecond they
// fall due spends, at any rate (docs/performance.md, "The 5,000/s bars"). Prints one JSON line:
// wakes a second and the process's CPU ms a second (user + sys), after the first second.
//   node scripts/bench-wake.ts SECONDS
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

interface WakeCost {
  wakes_per_s: number;
  cpu_ms_per_s: number;
  sys_ms_per_s: number;
}

function measure(seconds: number): void {
  let wakes = 0;
  let from: NodeJS.CpuUsage | undefined;
  let since = 0;
  // One timer refreshed, as the engine's tick: no new Timeout a wake.
  const tick = setTimeout(function onTick() {
    const now = performance.now();
    if (from === undefined && now >= 1000) {
      from = process.cpuUsage();
      since = now;
      wakes = 0;
    } else if (from !== undefined && now - since >= seconds * 1000) {
      const used = process.cpuUsage(from);
      const elapsedS = (now - since) / 1000;
      const cost: WakeCost = {
        wakes_per_s: Math.round(wakes / elapsedS),
        cpu_ms_per_s: Number(((used.user + used.system) / 1000 / elapsedS).toFixed(1)),
        sys_ms_per_s: Number((used.system / 1000 / elapsedS).toFixed(1)),
      };
      parentPort!.postMessage(cost);
      return;
    }
    wakes++;
    tick.refresh();
  }, 1);
}

if (isMainThread) {
  const seconds = Number(process.argv[2] ?? 5);
  const worker = new Worker(new URL(import.meta.url), { workerData: seconds });
  worker.once('message', (cost: WakeCost) => {
    console.log(JSON.stringify(cost));
    void worker.terminate();
  });
} else {
  measure(workerData as number);
}
