/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The backend's base URL; empty (the default) means the page's own origin. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
