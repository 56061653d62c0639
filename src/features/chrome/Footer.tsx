import { PRODUCT_NAME } from '../../ui/usePageTitle';

export function Footer() {
  return (
    <footer className="footer">
      © {new Date().getFullYear()} {PRODUCT_NAME}
    </footer>
  );
}
