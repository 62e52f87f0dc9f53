import { mount } from 'svelte';
import App from './App.svelte';
import { connectBridge } from './bridge';
import { trackKioskState } from './lib/kiosk-state.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element.');
const bridge = connectBridge();
mount(App, { target, props: { bridge, kiosk: trackKioskState(bridge) } });
