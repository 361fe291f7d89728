import { NextResponse } from 'next/server';
import { route } from '@/lib/api/handler';
import { listBoards } from '@/lib/reports/statewide';

// A plain array (the contract's one exception to `{ success, ... }`).
export const GET = route({ access: 'user' }, async () => NextResponse.json(await listBoards()));
