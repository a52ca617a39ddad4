/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Minutes without mouse, key, scroll, touch, click or focus activity before sign-out (default 30). */
  readonly VITE_IDLE_TIMEOUT_MINUTES?: string;
  /** Address (DSN) of the monitoring collector; monitoring stays off without it. */
  readonly VITE_MONITORING_DSN?: string;
  /** Share of errors and traces sent, 0 to 1 (default 0.99); 0 turns monitoring off. */
  readonly VITE_MONITORING_SAMPLE_RATE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
