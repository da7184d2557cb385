// Browser tests need a Chromium the machine already has: nothing here downloads a browser.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(`No Chromium found at ${path}.
Browser tests run in Debian's Chromium. Install it with:

  sudo apt-get update && sudo apt-get install -y chromium

or point CHROMIUM_PATH at another Chromium or Chrome binary.`);
  process.exit(1);
}
