import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { createBackend } from './lib/backend';
import { i18n } from './lib/i18n/index.svelte';

document.documentElement.lang = i18n.locale;
const backend = await createBackend();
mount(App, { target: document.getElementById('app')!, props: { backend } });
