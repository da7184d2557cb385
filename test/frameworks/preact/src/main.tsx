import { render } from 'preact';
import { useState } from 'preact/hooks';
import 'commerce-ops-elements/order-card.js';
import type {} from 'commerce-ops-elements/jsx-preact';
import { createClient } from 'commerce-ops-elements';

const client = createClient({ baseUrl: '/api/preact' });

function App() {
  const [lastNote, setLastNote] = useState('');
  return (
    <>
      <order-card
        id="card"
        order-id="13359605"
        client={client}
        onnote-added={(event) =>
          setLastNote(`${event.type} on ${event.detail.orderId}: ${event.detail.note.text ?? ''}`)
        }
      />
      <p id="framework-event">{lastNote}</p>
    </>
  );
}

render(<App />, document.getElementById('app') as HTMLElement);
