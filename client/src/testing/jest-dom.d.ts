/// <reference types="@testing-library/jest-dom/jest-globals" />
