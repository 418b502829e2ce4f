import { defineConfig } from '@hey-api/openapi-ts';

// The server writes openapi/openapi.json (`xinqiao openapi`); `npm run generate` turns it into src/api/generated.
export default defineConfig({
  input: process.env.XINQIAO_OPENAPI ?? '../openapi/openapi.json',
  output: 'src/api/generated',
  plugins: ['@hey-api/client-fetch', '@hey-api/sdk', '@hey-api/typescript', '@tanstack/react-query'],
});
