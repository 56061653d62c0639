/**
 * Route tabs: each tab is a link to a sub-route, so tabs are bookmarkable and the browser's
 * back button works. The current one carries aria-current="page".
 */
import { NavLink } from 'react-router-dom';

export interface TabItem {
  to: string;
  label: string;
}

export function Tabs({ label, items }: { label: string; items: TabItem[] }) {
  return (
    <nav className="tabs" aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={({ isActive }) => `tab${isActive ? ' active' : ''}`}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
