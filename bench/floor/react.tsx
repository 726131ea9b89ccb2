/** The floor's first page: React and react-dom alone render a heading and a line. */
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <main style={{ padding: 16 }}>
    <h1>Good evening</h1>
    <p>React and react-dom, nothing else.</p>
  </main>,
);
