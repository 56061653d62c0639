import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { BookOpen, Building2, Crop, FilePlus2, List, PenLine, Plug, PlusCircle, Tablet, TabletSmartphone, Users } from 'lucide-react';
import { useSession } from '../auth/AuthProvider';

interface Item {
  to: string;
  label: string;
  icon: typeof List;
  /** Hidden while viewing all accounts (creation needs one account). */
  needsOneAccount?: boolean;
}
interface Section {
  title: string | null;
  items: Item[];
  superuserOnly?: boolean;
}

export const NAV_SECTIONS: Section[] = [
  { title: null, items: [{ to: '/signatures', label: 'Signatures', icon: PenLine }] },
  {
    title: 'Services',
    items: [
      { to: '/services', label: 'View Services', icon: List },
      { to: '/create-service', label: 'Create Service', icon: PlusCircle, needsOneAccount: true },
    ],
  },
  {
    title: 'iPads',
    items: [
      { to: '/ipads', label: 'View iPads', icon: Tablet },
      { to: '/add-ipad', label: 'Add iPad', icon: TabletSmartphone, needsOneAccount: true },
    ],
  },
  {
    title: 'Books',
    items: [
      { to: '/books', label: 'View Books', icon: BookOpen },
      { to: '/create-book', label: 'Create Book', icon: FilePlus2, needsOneAccount: true },
    ],
  },
  {
    title: 'Management',
    superuserOnly: true,
    items: [
      { to: '/management/accounts', label: 'Accounts', icon: Building2 },
      { to: '/management/users', label: 'Users', icon: Users },
      { to: '/management/crops', label: 'Crops', icon: Crop },
      { to: '/management/integrations', label: 'Integrations', icon: Plug },
    ],
  },
];

/** The active item scrolls into view with a 100 px margin (spec 000 section 9). */
const ACTIVE_SCROLL_MARGIN_PX = 100;

export function Sidebar({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const { user, viewingAllAccounts } = useSession();
  const ref = useRef<HTMLElement>(null);
  const location = useLocation();

  useEffect(() => {
    const active = ref.current?.querySelector<HTMLElement>('a.active');
    if (!active || !ref.current) return;
    const box = ref.current.getBoundingClientRect();
    const item = active.getBoundingClientRect();
    if (item.top < box.top + ACTIVE_SCROLL_MARGIN_PX || item.bottom > box.bottom - ACTIVE_SCROLL_MARGIN_PX) {
      ref.current.scrollTop += item.top - box.top - ACTIVE_SCROLL_MARGIN_PX;
    }
  }, [location.pathname]);

  return (
    <nav id="sidebar" ref={ref} className={`sidebar${open ? ' open' : ''}`} aria-label="Main navigation">
      <NavLinkBrand />
      {NAV_SECTIONS.filter((s) => !s.superuserOnly || user.is_superuser).map((section) => {
        const items = section.items.filter((i) => !(i.needsOneAccount && viewingAllAccounts));
        return (
          <div key={section.title ?? 'top'}>
            {section.title && <h2>{section.title}</h2>}
            <ul>
              {items.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink to={to} onClick={onNavigate}>
                    <Icon size={18} aria-hidden="true" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

function NavLinkBrand() {
  return (
    <Link to="/" className="brand">
      <img src="/icons/logo.svg" alt="" />
      Signature Guestbook
    </Link>
  );
}
