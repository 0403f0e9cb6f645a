// Development only: this section alone on its own dev server, without the shell.
import('./bootstrap');
