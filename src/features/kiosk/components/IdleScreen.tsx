/** No service on this iPad: a calm screen with its name, so staff know which one it is. */
export function IdleScreen({ ipadName }: { ipadName: string }) {
  return (
    <section className="kiosk-idle" aria-labelledby="kiosk-idle-name">
      <img src="/icons/logo.svg" alt="" className="kiosk-idle-logo" />
      <h1 id="kiosk-idle-name">{ipadName}</h1>
      <p>This iPad is ready. The guest registry appears here when staff send a service to it.</p>
    </section>
  );
}
