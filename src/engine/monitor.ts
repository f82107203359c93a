// The generator watches itself (docs/engine.md): each second, how late the engine thread's event loop
// ran (Node's loop-delay timer, and the engine's own tick), how much of the time it was busy and
// how much CPU it used. A response that waits in a socket buffer for a busy loop is recorded that
// much slower, so these figures say whether the latencies are the service's or the generator's.
//
// CPU is process.threadCpuUsage(): the engine runs on a worker thread, and process.cpuUsage()
// there counts every thread of the process (the main thread's progress output, V8's GC helpers,
// libuv's pool). "Busy" is the event loop's utilisation (performance.eventLoopUtilization(), per
// thread): the share of wall time the loop was not waiting for I/O. It is what runs out first: a
// loop can be 100 % busy on less than 100 % CPU when the machine gives its core to someone else.
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';

/** Sampling interval of the loop-delay timer; a sample is how much later than this it fired. */
const RESOLUTION_MS = 5;
const NS_PER_MS = 1e6;

export interface GeneratorSecond {
  loop_delay_p99_ms: number;
  loop_delay_max_ms: number;
  cpu_pct: number;
  busy_pct: number;
}

export interface LoopDelay {
  p99Ms: number;
  maxMs: number;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** A delay sample is the interval between two firings of the timer; the delay is what exceeds its period. */
function delayMs(intervalNs: number): number {
  return round1(Math.max(0, intervalNs / NS_PER_MS - RESOLUTION_MS));
}

export class GeneratorMonitor {
  // Two timers: Node cannot add a loop-delay histogram into another, so the run's own is kept apart
  // from the one reset each second.
  private readonly delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private readonly whole = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  /** How late the engine's tick fired at most, this second and since start (ms; tickRan). */
  private tickLateMs = 0;
  private tickLateMaxMs = 0;
  private elu: EventLoopUtilization = performance.eventLoopUtilization();
  private cpu: NodeJS.CpuUsage = process.threadCpuUsage();
  private at = performance.now();

  /** Starts measuring from now (what came before, a warm-up say, is forgotten). */
  start(): void {
    this.delay.reset();
    this.whole.reset();
    this.delay.enable();
    this.whole.enable();
    this.tickLateMs = 0;
    this.tickLateMaxMs = 0;
    this.elu = performance.eventLoopUtilization();
    this.cpu = process.threadCpuUsage();
    this.at = performance.now();
  }

  /**
   * The engine's tick fired `lateMs` after it was due: a loop-delay sample of its own. Node's
   * histogram drops the interval under way when it is reset each second, and the tick that closes
   * a second is the first to run after a stall, before the histogram's timer: a stall across a
   * second's close showed in the run's maximum and in no second's (docs/performance.md, "The loop
   * delay of a second").
   */
  tickRan(lateMs: number): void {
    if (lateMs > this.tickLateMs) this.tickLateMs = lateMs;
    if (lateMs > this.tickLateMaxMs) this.tickLateMaxMs = lateMs;
  }

  /** The engine thread since the last call (or start). */
  second(): GeneratorSecond {
    const now = performance.now();
    const wallUs = Math.max(1, (now - this.at) * 1000);
    const cpu = process.threadCpuUsage(this.cpu);
    const busy = performance.eventLoopUtilization(this.elu).utilization;
    const sample: GeneratorSecond = {
      loop_delay_p99_ms: this.delay.count > 0 ? delayMs(this.delay.percentile(99)) : 0,
      loop_delay_max_ms: Math.max(this.delay.count > 0 ? delayMs(this.delay.max) : 0, round1(this.tickLateMs)),
      cpu_pct: round1(((cpu.user + cpu.system) / wallUs) * 100),
      busy_pct: round1(busy * 100),
    };
    this.delay.reset();
    this.tickLateMs = 0;
    this.at = now;
    this.cpu = process.threadCpuUsage();
    this.elu = performance.eventLoopUtilization();
    return sample;
  }

  /** Stops the timer; the loop delay over everything since start. */
  stop(): LoopDelay {
    this.delay.disable();
    this.whole.disable();
    return this.sinceStart();
  }

  /** The loop delay over everything since start, the timers left running (a checkpoint of the run). */
  sinceStart(): LoopDelay {
    const tickMaxMs = round1(this.tickLateMaxMs);
    if (this.whole.count === 0) return { p99Ms: 0, maxMs: tickMaxMs };
    return { p99Ms: delayMs(this.whole.percentile(99)), maxMs: Math.max(delayMs(this.whole.max), tickMaxMs) };
  }
}
