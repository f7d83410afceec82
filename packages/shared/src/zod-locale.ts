import { z } from 'zod';

// Default zod messages in Portuguese; schemas still give their own texts where the spec names them.
z.config(z.locales.pt());
