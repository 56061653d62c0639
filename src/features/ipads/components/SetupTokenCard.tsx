import type { ReactNode } from 'react';
import { format } from 'date-fns';
import { QrCode } from './QrCode';
import type { IpadSetupToken } from '../../../contract/devices';
import { formatSetupCode, relativeTime, spellSetupCode } from '../model';

/**
 * A setup token as staff hand it to an iPad: the QR code (opens /auth/login?setup={code}) and
 * the same code to type into the sign-in field, with until when it works.
 */
export function SetupTokenCard({ token, children }: { token: IpadSetupToken; children?: ReactNode }) {
  const code = token.short_unique_identifier;
  const host = typeof window === 'undefined' ? '' : window.location.host;
  return (
    <section className="card ipad-setup" aria-labelledby={`setup-${token.unique_identifier}`}>
      <h2 id={`setup-${token.unique_identifier}`}>Set up “{token.ipad.public_data.ipad_name}”</h2>
      <p>
        On the iPad, open this site{host && <> (<strong>{host}</strong>)</>} and type this code into the e-mail field, or scan the QR code with the
        iPad’s camera.
      </p>
      <div className="ipad-setup-body">
        <figure className="ipad-setup-qr">
          <QrCode value={token.qr_code_url} label={`QR code that signs the iPad in with setup code ${spellSetupCode(code)}`} />
          <figcaption className="hint">Scan with the iPad camera</figcaption>
        </figure>
        <div className="ipad-setup-code-block">
          <p className="hint">
            Setup code
          </p>
          <p className="ipad-setup-code" data-testid="setup-code">
            <span aria-hidden="true">{formatSetupCode(code)}</span>
            <span className="sr-only">{spellSetupCode(code)}</span>
          </p>
          <p className="hint">
            Valid until <time dateTime={token.expires_at}>{format(new Date(token.expires_at), 'PPp')}</time> ({relativeTime(token.expires_at).replace(/^in /, 'expires in ')}). It can be used
            once; no password is needed.
          </p>
          {children}
        </div>
      </div>
    </section>
  );
}
