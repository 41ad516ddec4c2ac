import type { ServiceMessage, ServiceProcess } from './protocol.ts';

/** Awaits the answers of one embedded service process, and its exit. */
export class ProcessLink {
  readonly process: ServiceProcess;
  /** Resolves with the exit code once the process ended. */
  readonly exited: Promise<number | null>;
  private readonly inbox: ServiceMessage[] = [];
  private readonly waiters = new Set<() => void>();
  private exitCode: number | null | undefined;

  constructor(process: ServiceProcess) {
    this.process = process;
    process.onMessage((message) => {
      this.inbox.push(message);
      for (const wake of this.waiters) wake();
    });
    this.exited = new Promise((resolve) =>
      process.onExit((code) => {
        this.exitCode = code;
        for (const wake of this.waiters) wake();
        resolve(code);
      }),
    );
  }

  /** True once the process ended. */
  get hasExited(): boolean {
    return this.exitCode !== undefined;
  }

  /** The next message of one of `types`; rejects when the process exits first or `timeoutMs` passes. */
  next<T extends ServiceMessage['type']>(types: T[], timeoutMs: number): Promise<Extract<ServiceMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const index = this.inbox.findIndex((message) => (types as string[]).includes(message.type));
        if (index >= 0) {
          done();
          resolve(this.inbox.splice(index, 1)[0] as Extract<ServiceMessage, { type: T }>);
        } else if (this.exitCode !== undefined) {
          done();
          reject(new Error(`it exited (code ${this.exitCode ?? 'none, killed'})`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`it did not answer within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }
}
