// The header of every view but the overlay: the navigation and the admin login.
import { AdminLogin } from './admin-login.tsx'

const LINKS = [
  ['/', 'Pick'], ['/session', 'Session'], ['/catalogue', 'Catalogue'], ['/stats', 'Stats'], ['/history', 'History'],
] as const

export function SiteHeader({ path }: { path: string }) {
  return (
    <header class="site-header">
      <nav aria-label="Main">
        <ul>
          {LINKS.map(([href, label]) => (
            <li key={href}><a href={href} aria-current={href === path ? 'page' : undefined}>{label}</a></li>
          ))}
        </ul>
      </nav>
      <AdminLogin />
    </header>
  )
}
