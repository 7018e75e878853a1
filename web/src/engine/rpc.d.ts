// The messages between the page (engine/worker-client.js) and the engine's Web Worker (engine/worker.js,
// whose header says what each one means), and the port they travel through.
import type { LoadProgress } from '../index.js';

/** An error as it crosses postMessage (errors.js serializeError, rehydrateError). */
export interface SerializedError {
  code?: unknown;
  message?: unknown;
}

/** What the page posts: a request {id, method, args}, or {cancel: id}. */
export interface Ask {
  id?: number;
  method?: string;
  args?: unknown[];
  cancel?: number;
}

/** What the worker posts: an answer {id, ok, value | error}, a download's {id, progress}, {held: the Web
 *  Lock's name} or {crashed: the error}. */
export interface Answer {
  id?: number;
  ok?: boolean;
  value?: unknown;
  error?: SerializedError;
  progress?: LoadProgress;
  held?: string;
  crashed?: SerializedError;
}

/** A message event (its data: an Ask or an Answer, as the other side sent it) or an error event. */
export interface PortEvent {
  data?: unknown;
  message?: string;
  preventDefault?(): void;
}

/** What both sides use of their port: a Worker (the page's side), a worker's own scope, or a MessagePort
 *  (Node tests). start: begins a MessagePort's queue; close: ends it. Without addEventListener, on<type>. */
export interface Port {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener?(type: string, fn: (event: PortEvent) => void): void;
  start?(): void;
  close?(): void;
}
