// What every region island of /app shares: the page's one QueryClient (and through modules, one
// router, one store, one socket). Each island has its own root and error boundary (main.jsx).
import { QueryClientProvider } from '@tanstack/react-query';
import { appQueryClient } from '../data/queryClient.js';

export default function Region({ children }) {
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
