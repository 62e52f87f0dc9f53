import { mount } from 'svelte';
import App from './App.svelte';
import { connectBridge } from './bridge';
import { trackKioskState } from './lib/kiosk-state.svelte';
import { preloadFeedbackSounds } from './lib/sounds';

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element.');
preloadFeedbackSounds();
const bridge = connectBridge();
mount(App, { target, props: { bridge, kiosk: trackKioskState(bridge) } });
