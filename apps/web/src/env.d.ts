/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Minutes without mouse, key, scroll, touch, click or focus activity before sign-out (default 30). */
  readonly VITE_IDLE_TIMEOUT_MINUTES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
