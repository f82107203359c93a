/** loadgate's version, kept equal to package.json's by test/version.test.ts. */
export const VERSION = '0.1.0';
