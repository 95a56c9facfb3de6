// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "api/drizzle/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The service worker template; vite.config.ts puts BUILD_ID and PRECACHE in front of it.
    files: ["web/sw/**/*.js"],
    languageOptions: { globals: { ...globals.serviceworker, BUILD_ID: "readonly", PRECACHE: "readonly" } },
  },
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Only env.ts reads process.env (DESIGN.md §1).
    files: ["api/src/**/*.ts", "realtime/src/**/*.ts", "shared/src/**/*.ts", "web/src/**/*.{ts,tsx}"],
    ignores: ["**/env.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through env.ts." }],
    },
  },
  {
    // Routes go through commands and loaders, never the database driver.
    files: ["api/src/routes/**/*.ts"],
    ignores: ["api/src/routes/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [
        { group: ["postgres", "@electric-sql/pglite", "drizzle-orm/pglite", "drizzle-orm/postgres-js"], message: "Routes must not import the database driver." },
      ] }],
    },
  },
  {
    files: ["shared/src/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["node:*"], message: "shared/ is browser-safe." }] }],
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
);
