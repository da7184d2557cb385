import { renderElement, renderShadowRoot } from './lit-ssr';
import { ShipOrderPanel } from './ship-order-panel';

/** Rendered for each request: the elements' first state, in the HTML the server sends. */
export const dynamic = 'force-dynamic';

const CARD_ORDER = 13359605;
const SHIP_ORDER = 13359603;

export default async function Page() {
  const card = await renderElement('order-card', { id: 'card', 'order-id': String(CARD_ORDER) });
  const shipOrder = await renderShadowRoot('ship-order', { 'order-id': String(SHIP_ORDER) });
  return (
    <main>
      <h1>Orders</h1>
      <div suppressHydrationWarning dangerouslySetInnerHTML={{ __html: card }} />
      <ShipOrderPanel orderId={SHIP_ORDER} shadowRoot={shipOrder} />
    </main>
  );
}
