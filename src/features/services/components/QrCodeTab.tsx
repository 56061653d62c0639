/**
 * Service QR Code: the framed printable code (Download PDF), the plain code (Download QR Code,
 * a 2048 px PNG named after the deceased) and the direct sign link.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, ExternalLink, FileDown } from 'lucide-react';
import { errorMessage } from '../../../lib/api/errors';
import { useFramePdf, serviceKeys } from '../api';
import { qrPdfFileName, qrPngFileName } from '../model';
import { imageToDataUrl } from '../photo';
import { qrDataUrl, qrPng, saveFile } from '../qr';
import { useManagedService } from './ManageServiceLayout';
import { QrFrame } from './QrFrame';

export const NO_QR_CODE_TEXT = 'No QR code found.';
export const NO_SVG_TEXT = 'SVG element not found.';
/** The portrait inlined into the frame: sharp in print, small enough for the JSON body limit. */
const FRAME_PHOTO_MAX_SIDE_PX = 720;

export function QrCodeTab() {
  const service = useManagedService();
  const url = service.qr_code_sign_url;
  const name = service.public_data.deceased_person.full_name;
  const avatarUrl = service.public_data.deceased_person.avatar_url;
  const frameRef = useRef<SVGSVGElement>(null);
  const framePdf = useFramePdf(service.unique_identifier);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [pngError, setPngError] = useState<string | null>(null);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);

  const plain = useQuery({ queryKey: [...serviceKeys.all, 'qr-image', url], queryFn: () => qrDataUrl(url), enabled: Boolean(url), staleTime: Infinity });
  const photo = useQuery({
    queryKey: [...serviceKeys.all, 'frame-photo', avatarUrl],
    queryFn: () => imageToDataUrl(avatarUrl ?? '', FRAME_PHOTO_MAX_SIDE_PX),
    enabled: Boolean(avatarUrl),
    staleTime: Infinity,
    retry: false,
  });

  const downloadPdf = async () => {
    setPdfError(null);
    const svg = frameRef.current;
    if (!svg) {
      setPdfError(NO_SVG_TEXT);
      return;
    }
    const clone = svg.cloneNode(true) as SVGSVGElement;
    clone.setAttribute('width', String(svg.viewBox.baseVal.width));
    clone.setAttribute('height', String(svg.viewBox.baseVal.height));
    clone.removeAttribute('class');
    try {
      const resultUrl = await framePdf.mutateAsync(new XMLSerializer().serializeToString(clone));
      setPdfUrl(resultUrl);
      saveFile(resultUrl, qrPdfFileName(name));
    } catch (err) {
      setPdfError(errorMessage(err));
    }
  };

  const downloadPng = async () => {
    setPngError(null);
    if (!url) {
      setPngError(NO_QR_CODE_TEXT);
      return;
    }
    try {
      saveFile(await qrPng(url), qrPngFileName(name));
    } catch (err) {
      setPngError(err instanceof Error ? err.message : String(err));
    }
  };

  if (!url) {
    return (
      <div className="alert alert-error" role="alert">
        {NO_QR_CODE_TEXT}
      </div>
    );
  }

  return (
    <div className="qr-layout">
      <section className="card stack" aria-labelledby="qr-frame-title">
        <h2 id="qr-frame-title">Printable QR code</h2>
        <p className="hint">Print this frame and place it near the guestbook so guests can sign on their phones.</p>
        <div className="qr-frame-wrap">
          <QrFrame ref={frameRef} service={service} photoDataUrl={photo.data ?? null} />
        </div>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => void downloadPdf()} disabled={framePdf.isPending || photo.isFetching}>
            <FileDown size={18} aria-hidden="true" />
            {framePdf.isPending ? 'Preparing PDF...' : 'Download PDF'}
          </button>
          {pdfUrl && (
            <a href={pdfUrl} target="_blank" rel="noopener noreferrer">
              Open the PDF
            </a>
          )}
        </div>
        <div aria-live="polite">
          {pdfError && (
            <p className="form-error" role="alert">
              {pdfError}
            </p>
          )}
        </div>
      </section>
      <section className="card stack" aria-labelledby="qr-plain-title">
        <h2 id="qr-plain-title">QR code</h2>
        <div className="qr-plain">{plain.data ? <img src={plain.data} width={256} height={256} alt={`QR code linking to the sign page for ${name}`} /> : <div className="qr-placeholder" />}</div>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => void downloadPng()}>
            <Download size={18} aria-hidden="true" />
            Download QR Code
          </button>
          <a href={url} target="_blank" rel="noopener noreferrer" className="btn btn-secondary">
            <ExternalLink size={18} aria-hidden="true" />
            Direct Link
          </a>
        </div>
        {pngError && (
          <p className="form-error" role="alert">
            {pngError}
          </p>
        )}
        <p className="hint break-all">{url}</p>
      </section>
    </div>
  );
}
