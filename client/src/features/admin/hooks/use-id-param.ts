// Numeric route parameters; null when the address holds something else (then nothing is fetched).
import { useParams } from 'react-router-dom';

const toId = (value: string | undefined) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

export const useContestIdParam = () => toId(useParams().contestId);
export const useGroupIdParam = () => toId(useParams().groupId);
