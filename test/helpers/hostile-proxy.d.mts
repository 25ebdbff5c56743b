// Types of hostile-proxy.mjs (plain JavaScript, shared with the benchmark), for the tests.

/** Escape sequences that would act if they reached the terminal: title, clipboard, clear, colors. */
export declare const ESCAPES: readonly string[];

/** What the proxy does to the answers; every field defaults to DEFAULTS. */
export interface HostileOptions {
  /** Characters of every name, memo, title, description, reason and workspace name. */
  length?: number;
  /** Characters of the first account's name in every accounts answer. */
  giant?: number;
  /** A zero-width space after the sixth character of every toAddress / fromAddress. */
  invisibleAddresses?: boolean;
  /** Every `amount` made negative. */
  negativeAmounts?: boolean;
}

export declare const DEFAULTS: Readonly<Required<HostileOptions>>;

/** A text of exactly `length` characters: `start`, the poison (escapes, invisibles), then filler. */
export declare function hostileText(start: string, length: number): string;

/** Whether the giant name was given out already (one per accounts answer). */
export interface PoisonState {
  giantDone: boolean;
}

/** Rewrites one parsed JSON answer (or a frame's body) in place; returns it. */
export declare function poison<T>(value: T, options?: HostileOptions, state?: PoisonState): T;

/** One request the proxy forwarded, as it came. */
export interface HostileRequest {
  method: string;
  url: string;
  /** The upstream's status, once it answered. */
  status?: number;
  /** Bytes of the rewritten answer sent back, once sent. */
  bytes?: number;
}

export interface HostileProxy {
  /** http://127.0.0.1:PORT: the console's --base-url. */
  readonly baseUrl: string;
  /** Every request forwarded, in arrival order. */
  readonly requests: HostileRequest[];
  /** Ends every connection and stops listening. */
  close(): Promise<void>;
}

/** Starts the proxy in front of `upstream` on a free loopback port (or `port`). */
export declare function startHostileProxy(
  upstream: string,
  options?: HostileOptions & { port?: number },
): Promise<HostileProxy>;
