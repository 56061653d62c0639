/**
 * The printable QR frame: one SVG on the spec's 4048 x 5376 canvas (spec 000 section 9). It is
 * serialised and rendered to a PDF on the server (librsvg), so it uses only plain shapes, text,
 * in-document references and an inlined data: image: nothing that reaches the network.
 */
import { forwardRef, useId, useMemo } from 'react';
import QRCode from 'qrcode';
import { QR_ERROR_CORRECTION_LEVEL, QR_FRAME_HEIGHT_PX, QR_FRAME_WIDTH_PX, type Service } from '../../../contract/services';
import { formatLifeDates, qrModulesPath } from '../model';

const W = QR_FRAME_WIDTH_PX;
const H = QR_FRAME_HEIGHT_PX;
const CX = W / 2;
const SERIF = "Georgia, 'DejaVu Serif', 'Times New Roman', serif";
const SANS = "'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif";
const INK = '#2f3c48';
const GOLD = '#b08d4f';
/** Widest a line of text may be, in frame units. */
const TEXT_MAX_WIDTH = 3300;
/** Rough average glyph width of the name font, as a share of its size. */
const GLYPH_WIDTH_RATIO = 0.56;
const PHOTO = { cy: 1800, r: 620 };
const QR_BOX = { x: 1124, y: 3120, size: 1800, pad: 110 };

/** Shrinks the font of a long name so it stays inside the frame. */
const fitFontSize = (text: string, max: number) => Math.min(max, Math.floor(TEXT_MAX_WIDTH / Math.max(1, text.length * GLYPH_WIDTH_RATIO)));

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

interface Props {
  service: Service;
  /** The portrait as a data: URL, or null to show initials. */
  photoDataUrl: string | null;
}

export const QrFrame = forwardRef<SVGSVGElement, Props>(function QrFrame({ service, photoDataUrl }, ref) {
  const clipId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const person = service.public_data.deceased_person;
  const name = person.full_name;
  const dates = formatLifeDates(person.birth_date, person.death_date);
  const qr = useMemo(() => {
    if (!service.qr_code_sign_url) return null;
    const code = QRCode.create(service.qr_code_sign_url, { errorCorrectionLevel: QR_ERROR_CORRECTION_LEVEL });
    const size = code.modules.size;
    return { size, path: qrModulesPath(size, (r, c) => Boolean(code.modules.get(r, c))) };
  }, [service.qr_code_sign_url]);
  const qrInner = QR_BOX.size - 2 * QR_BOX.pad;

  return (
    <svg ref={ref} viewBox={`0 0 ${W} ${H}`} className="qr-frame" role="img" aria-label={`Printable QR code frame for ${name}`} xmlns="http://www.w3.org/2000/svg">
      <defs>
        <clipPath id={clipId}>
          <circle cx={CX} cy={PHOTO.cy} r={PHOTO.r} />
        </clipPath>
      </defs>
      <rect x="0" y="0" width={W} height={H} fill="#fbf8f3" />
      <rect x="120" y="120" width={W - 240} height={H - 240} fill="none" stroke={GOLD} strokeWidth="28" rx="40" />
      <rect x="200" y="200" width={W - 400} height={H - 400} fill="none" stroke={GOLD} strokeWidth="8" rx="24" />
      <text x={CX} y="700" textAnchor="middle" fontFamily={SERIF} fontSize="250" fill={INK}>
        Please sign our guestbook
      </text>
      <line x1={CX - 700} y1="860" x2={CX + 700} y2="860" stroke={GOLD} strokeWidth="10" />
      <text x={CX} y="1060" textAnchor="middle" fontFamily={SERIF} fontStyle="italic" fontSize="150" fill={INK}>
        In loving memory of
      </text>
      {photoDataUrl ? (
        <image href={photoDataUrl} x={CX - PHOTO.r} y={PHOTO.cy - PHOTO.r} width={PHOTO.r * 2} height={PHOTO.r * 2} preserveAspectRatio="xMidYMid slice" clipPath={`url(#${clipId})`} />
      ) : (
        <>
          <circle cx={CX} cy={PHOTO.cy} r={PHOTO.r} fill="#efe7da" />
          <text x={CX} y={PHOTO.cy + 160} textAnchor="middle" fontFamily={SERIF} fontSize="460" fill={GOLD}>
            {initialsOf(name)}
          </text>
        </>
      )}
      <circle cx={CX} cy={PHOTO.cy} r={PHOTO.r} fill="none" stroke={GOLD} strokeWidth="18" />
      <text x={CX} y="2720" textAnchor="middle" fontFamily={SERIF} fontWeight="bold" fontSize={fitFontSize(name, 230)} fill={INK}>
        {name}
      </text>
      {dates && (
        <text x={CX} y="2920" textAnchor="middle" fontFamily={SANS} fontSize="140" fill={INK}>
          {dates}
        </text>
      )}
      <rect x={QR_BOX.x} y={QR_BOX.y} width={QR_BOX.size} height={QR_BOX.size} rx="48" fill="#ffffff" stroke={GOLD} strokeWidth="10" />
      {qr && (
        <svg x={QR_BOX.x + QR_BOX.pad} y={QR_BOX.y + QR_BOX.pad} width={qrInner} height={qrInner} viewBox={`0 0 ${qr.size} ${qr.size}`} shapeRendering="crispEdges">
          <path d={qr.path} fill="#000000" />
        </svg>
      )}
      <text x={CX} y="5120" textAnchor="middle" fontFamily={SANS} fontSize="125" fill={INK}>
        Scan with your phone's camera to sign
      </text>
    </svg>
  );
});
