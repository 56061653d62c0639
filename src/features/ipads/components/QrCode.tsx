import { useMemo } from 'react';
import QRCode from 'qrcode';
import { QR_ON_SCREEN_SIZE_PX } from '../../../contract/services';

/** White modules around the code; scanners need a quiet zone of at least four. */
const QUIET_ZONE_MODULES = 4;
/**
 * Medium error correction: a setup link is short, so the code stays coarse enough to scan
 * from an iPad camera across a desk, and survives glare on a laptop screen.
 */
const ERROR_CORRECTION = 'M';

/** The QR code as one SVG path: crisp at any size, no canvas, no HTML injection. */
function qrPath(value: string): { path: string; size: number } {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: ERROR_CORRECTION });
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col + QUIET_ZONE_MODULES} ${row + QUIET_ZONE_MODULES}h1v1h-1z`;
    }
  }
  return { path, size: modules.size + 2 * QUIET_ZONE_MODULES };
}

export function QrCode({ value, label, size = QR_ON_SCREEN_SIZE_PX }: { value: string; label: string; size?: number }) {
  const { path, size: modules } = useMemo(() => qrPath(value), [value]);
  return (
    <svg className="ipad-qr" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
