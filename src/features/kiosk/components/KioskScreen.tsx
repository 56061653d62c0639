/**
 * The kiosk: status bar plus one of idle, signing card, thank-you or signing-out. Owns the
 * page-level duties: drain triggers, presence meta, the quiet-update check and the deferred
 * sign-out.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TrackMeta } from '../../../contract/channels';
import { setAutoUpdateWhenQuiet } from '../../../lib/pwa/register';
import { FullScreenSpinner } from '../../../ui/Spinner';
import { usePageTitle } from '../../../ui/usePageTitle';
import { getOutbox, retainDrainTriggers, useOutboxStatus } from '../../outbox/api';
import { APP_VERSION } from '../appVersion';
import { getKioskStore } from '../kioskStore';
import { storageWarnings, THANK_YOU_MS } from '../model';
import { signOutKiosk } from '../signOutKiosk';
import { useKioskRealtime } from '../useKioskRealtime';
import { useKioskState } from '../useKioskState';
import { useStorageHealth } from '../useStorageHealth';
import { DeviceInfoPanel } from './DeviceInfoPanel';
import { IdleScreen } from './IdleScreen';
import { SigningCard } from './SigningCard';
import { SigningOutScreen } from './SigningOutScreen';
import { StatusBar } from './StatusBar';
import { ThankYou } from './ThankYou';

export function KioskScreen() {
  usePageTitle('Guest Registry');
  const kiosk = useKioskState();
  const outbox = useOutboxStatus();
  const storage = useStorageHealth();
  const [showThanks, setShowThanks] = useState(false);
  const [cardKey, setCardKey] = useState(0);
  const [cardInProgress, setCardInProgress] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [localDeviceId, setLocalDeviceId] = useState<string | null>(null);
  const busy = useRef({ card: false, thanks: false });
  busy.current = { card: cardInProgress, thanks: showThanks };

  useEffect(() => retainDrainTriggers(getOutbox()), []);
  useEffect(() => {
    void getOutbox()
      .localDeviceId()
      .then(setLocalDeviceId)
      .catch(() => undefined);
  }, []);

  // A new version applies itself only when nobody is writing and nothing waits to be sent,
  // unless the server refuses this version: then the update is the only way to send them
  // (the outbox survives the reload).
  useEffect(() => {
    setAutoUpdateWhenQuiet(() => {
      const status = getOutbox().getStatus();
      const outboxQuiet = status.isLoaded && (status.pending === 0 || status.needsUpdate);
      return !busy.current.card && !busy.current.thanks && outboxQuiet;
    });
    return () => setAutoUpdateWhenQuiet(null);
  }, []);

  const store = getKioskStore();
  const refresh = useCallback(() => void store.refresh(), [store]);
  const requestLogout = useCallback(() => void store.requestLogout(), [store]);
  const onReconnect = useCallback(() => {
    getOutbox().requestDrain({ ignoreBackoff: true });
    void store.refresh();
  }, [store]);
  const meta = useMemo((): TrackMeta | null => {
    if (!localDeviceId || !outbox.isLoaded) return null;
    return { local_device_id: localDeviceId, pending_count: outbox.pending, last_synced_at: outbox.lastSyncedAt, app_version: APP_VERSION };
  }, [localDeviceId, outbox.isLoaded, outbox.pending, outbox.lastSyncedAt]);
  const { connection } = useKioskRealtime({
    ipadId: kiosk.ipad?.unique_identifier ?? null,
    meta,
    onServiceChanged: refresh,
    onLogout: requestLogout,
    onReconnect,
    httpReachable: !kiosk.refreshError,
  });

  // Signed out by staff (or the token was revoked): leave only once every signature is sent.
  const outboxEmpty = outbox.isLoaded && outbox.pending === 0 && outbox.needsAttention === 0;
  const mustLeave = kiosk.logoutRequested || kiosk.tokenRejected;
  useEffect(() => {
    if (mustLeave && outboxEmpty && !cardInProgress && !showThanks) void signOutKiosk();
  }, [mustLeave, outboxEmpty, cardInProgress, showThanks]);

  // A card keeps the service it was started for, even if staff change it meanwhile.
  const [cardView, setCardView] = useState({ service: kiosk.service, photoUrl: kiosk.photoUrl });
  useEffect(() => {
    if (!cardInProgress && !showThanks) setCardView({ service: kiosk.service, photoUrl: kiosk.photoUrl });
  }, [kiosk.service, kiosk.photoUrl, cardInProgress, showThanks]);

  const nextCard = useCallback(() => {
    setShowThanks(false);
    setCardInProgress(false);
    setCardKey((k) => k + 1);
  }, []);
  useEffect(() => {
    if (!showThanks) return;
    const timer = window.setTimeout(nextCard, THANK_YOU_MS);
    return () => window.clearTimeout(timer);
  }, [showThanks, nextCard]);
  const onSubmitted = useCallback(() => setShowThanks(true), []);

  if (!kiosk.loaded) return <FullScreenSpinner label="Starting the guest registry..." />;

  const notice = kiosk.tokenRejected ? 'This iPad was signed out on the server. Ask staff to set it up again.' : null;
  let body;
  if (showThanks) body = <ThankYou onDone={nextCard} />;
  else if (mustLeave && !cardInProgress) body = <SigningOutScreen remaining={outbox.pending} needsAttention={outbox.needsAttention} />;
  else if (cardView.service)
    body = (
      <SigningCard
        key={`${cardView.service.unique_identifier}:${cardKey}`}
        service={cardView.service}
        photoUrl={cardView.photoUrl}
        onSubmitted={onSubmitted}
        onProgressChange={setCardInProgress}
        onAbandoned={nextCard}
      />
    );
  else body = <IdleScreen ipadName={kiosk.ipad?.public_data.ipad_name ?? 'iPad'} />;

  return (
    <div className="kiosk">
      <StatusBar connection={connection} outbox={outbox} warnings={storageWarnings(storage)} notice={notice} onLongPress={() => setPanelOpen(true)} />
      <main className="kiosk-main">{body}</main>
      {panelOpen && (
        <DeviceInfoPanel
          ipadName={kiosk.ipad?.public_data.ipad_name ?? null}
          ipadId={kiosk.ipad?.unique_identifier ?? null}
          localDeviceId={localDeviceId}
          appVersion={APP_VERSION}
          outbox={outbox}
          storage={storage}
          onClose={() => setPanelOpen(false)}
        />
      )}
    </div>
  );
}
