import { index, route, type RouteConfig } from '@react-router/dev/routes'

// Screens are registered only when their issue builds them (no placeholders). Spec §2 aliases share a module and
// get their own id. Keep the splat route last.
export default [
  index('routes/home.tsx'),
  route('Index', 'routes/home.tsx', { id: 'routes/home-alias' }),
  route('404', 'routes/not-found.tsx', { id: 'routes/not-found-page' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
