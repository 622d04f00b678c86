import type { Country } from './contacts';

/**
 * The desk's name pools. Surnames come in rank order, the most common first: the desk data gives
 * rank r a share of customers that falls off like 1 / (r + 3) (371 of them, so the
 * first holds about 5 % of customers, about 18 hold 1 % or more, and most hold under 0.2 %).
 * Each name is tagged with the country it is most common in: a customer's phone, email domain and,
 * usually, first name follow it.
 */

/** The 20 most common, in rank order (Kowalski first). */
const LEADING: readonly (readonly [string, Country])[] = [
  ['Kowalski', 'PL'], ['Nguyễn', 'VN'], ['García', 'ES'], ['Müller', 'DE'], ['Smith', 'GB'], ['Patel', 'IN'], ['Silva', 'BR'], ['Rossi', 'IT'],
  ['Martin', 'FR'], ['Johnson', 'US'], ['Nowak', 'PL'], ['Trần', 'VN'], ['Hernández', 'MX'], ['Schmidt', 'DE'], ['Williams', 'GB'], ['Sharma', 'IN'],
  ['Santos', 'BR'], ['Kim', 'KR'], ['Wang', 'CN'], ['Murphy', 'IE'],
];

/** The others by country; ranks 21 and on take one of each country in turn. */
const BY_COUNTRY: Readonly<Record<Country, readonly string[]>> = {
  PL: ['Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowski', 'Jankowski', 'Mazur', 'Wojciechowski', 'Kwiatkowski', 'Krawczyk', 'Piotrowski', 'Grabowski', 'Pawłowski', 'Michalski', 'Zając'],
  VN: ['Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý', 'Đinh', 'Lương'],
  ES: ['Rodríguez', 'Martínez', 'López', 'Sánchez', 'Pérez', 'Gómez', 'Díaz', 'Moreno', 'Álvarez', 'Muñoz', 'Romero', 'Alonso', 'Gutiérrez', 'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Serrano', 'Blanco'],
  MX: ['González', 'Flores', 'Cruz', 'Reyes', 'Morales', 'Ortiz', 'Chávez', 'Mendoza', 'Ruiz', 'Aguilar', 'Castillo', 'Jiménez', 'Vargas', 'Guzmán', 'Salazar'],
  DE: ['Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Köhler'],
  GB: ['Jones', 'Taylor', 'Davies', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright', 'Robinson', 'Thompson', 'Hughes', 'Edwards', 'Green', 'Hall', 'Wood', 'Harris', 'Clarke', 'Jackson'],
  US: ['Miller', 'Davis', 'Wilson', 'Anderson', 'Moore', 'White', 'Lewis', 'Young', 'Allen', 'King', 'Scott', 'Hill', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Campbell', 'Parker', 'Collins'],
  IE: ['Kelly', "O'Sullivan", 'Walsh', "O'Brien", 'Byrne', 'Ryan', "O'Connor", "O'Neill", 'Doyle', 'McCarthy', 'Gallagher', 'Doherty', 'Kennedy', 'Lynch', 'Quinn'],
  FR: ['Dubois', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guérin', 'Henry', 'Roussel', 'Girard', 'Bonnet', 'Dupont', 'Lambert', 'Fontaine', 'Chevalier'],
  IT: ['Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri'],
  BR: ['Oliveira', 'Souza', 'Pereira', 'Lima', 'Carvalho', 'Ferreira', 'Rodrigues', 'Almeida', 'Costa', 'Gomes', 'Ribeiro', 'Martins', 'Araújo', 'Barbosa', 'Rocha', 'Cardoso', 'Nascimento', 'Gonçalves'],
  IN: ['Singh', 'Kumar', 'Gupta', 'Reddy', 'Iyer', 'Nair', 'Mehta', 'Joshi', 'Desai', 'Chopra', 'Malhotra', 'Kapoor', 'Banerjee', 'Chatterjee', 'Mukherjee', 'Rao', 'Pillai', 'Verma', 'Agarwal', 'Bhat'],
  NG: ['Okafor', 'Adeyemi', 'Okonkwo', 'Eze', 'Nwosu', 'Balogun', 'Adebayo', 'Ogunleye', 'Chukwu', 'Obi', 'Olawale', 'Ibrahim', 'Abubakar', 'Okeke', 'Afolabi', 'Nnamdi'],
  NL: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks'],
  SE: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson', 'Svensson', 'Gustafsson', 'Pettersson', 'Jonsson', 'Lindström', 'Lindqvist', 'Åberg', 'Sjöberg'],
  TR: ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara'],
  JP: ['Satō', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Itō', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Katō', 'Yoshida', 'Yamada', 'Sasaki', 'Yamaguchi', 'Matsumoto', 'Inoue'],
  KR: ['Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim', 'Han', 'Oh', 'Seo', 'Shin', 'Kwon', 'Hwang', 'Ahn'],
  CN: ['Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Xu', 'Sun', 'Ma', 'Zhu', 'Hu', 'Guo'],
  GR: ['Papadopoulos', 'Papadakis', 'Georgiou', 'Oikonomou', 'Dimitriou', 'Nikolaidis', 'Vlachos', 'Angelopoulos', 'Konstantinou', 'Karagiannis', 'Makris', 'Pappas', 'Christodoulou', 'Alexiou', 'Ioannidis', 'Stavropoulos'],
};

/** Every surname with its country, in rank order. */
export const SURNAMES: readonly (readonly [string, Country])[] = (() => {
  const ranked = [...LEADING];
  const queues = Object.entries(BY_COUNTRY).map(([country, names]) => names.map((n) => [n, country as Country] as const));
  for (let k = 0; queues.some((q) => k < q.length); k++) for (const q of queues) if (k < q.length) ranked.push(q[k]);
  return ranked;
})();

/** First names by country. */
export const FIRST_NAMES: Readonly<Record<Country, readonly string[]>> = {
  PL: ['Anna', 'Katarzyna', 'Małgorzata', 'Agnieszka', 'Piotr', 'Krzysztof', 'Tomasz', 'Łukasz', 'Paweł', 'Magdalena', 'Michał', 'Zofia'],
  VN: ['Minh', 'Linh', 'Thảo', 'Hùng', 'Lan', 'Tuấn', 'Hương', 'Dũng', 'Ngọc', 'Quang', 'Trang', 'Phương'],
  ES: ['María', 'Carmen', 'Lucía', 'Javier', 'Alejandro', 'Sofía', 'Pablo', 'Elena', 'Sergio', 'Marta', 'Álvaro', 'Nuria'],
  MX: ['José', 'Guadalupe', 'Juan', 'Alejandra', 'Luis', 'Fernanda', 'Carlos', 'Valeria', 'Miguel', 'Ximena', 'Jesús', 'Daniela'],
  DE: ['Jürgen', 'Stefan', 'Sabine', 'Katrin', 'Lukas', 'Lena', 'Jörg', 'Anja', 'Felix', 'Sören', 'Hannah', 'Maximilian'],
  GB: ['Oliver', 'Amelia', 'Harry', 'Isla', 'George', 'Charlotte', 'Jack', 'Emily', 'James', 'Sophie', 'Thomas', 'Chloe'],
  US: ['Michael', 'Jennifer', 'David', 'Jessica', 'Chris', 'Ashley', 'Brian', 'Megan', 'Tyler', 'Kayla', 'Jordan', 'Taylor'],
  IE: ['Seán', 'Aoife', 'Ciarán', 'Niamh', 'Pádraig', 'Siobhán', 'Conor', 'Róisín', 'Eoin', 'Saoirse'],
  FR: ['Élodie', 'Camille', 'Théo', 'Chloé', 'Léa', 'Hugo', 'Mathilde', 'François', 'Amélie', 'Julien', 'Inès', 'Gaëlle'],
  IT: ['Giulia', 'Marco', 'Francesca', 'Luca', 'Alessandro', 'Chiara', 'Matteo', 'Sara', 'Giovanni', 'Federica', 'Niccolò', 'Martina'],
  BR: ['João', 'Ana', 'Gabriel', 'Beatriz', 'Lucas', 'Mariana', 'Rafael', 'Larissa', 'Thiago', 'Camila', 'Vitória', 'Caio'],
  IN: ['Priya', 'Rahul', 'Ananya', 'Arjun', 'Deepika', 'Vikram', 'Sneha', 'Rohan', 'Kavya', 'Aditya', 'Pooja', 'Sanjay'],
  NG: ['Chinedu', 'Ngozi', 'Oluwaseun', 'Adaeze', 'Emeka', 'Funmilayo', 'Tunde', 'Chiamaka', 'Ifeanyi', 'Yetunde'],
  NL: ['Daan', 'Sanne', 'Joost', 'Eline', 'Bram', 'Femke', 'Ruud', 'Lotte', 'Sven', 'Anouk'],
  SE: ['Björn', 'Linnéa', 'Åsa', 'Erik', 'Ingrid', 'Lars', 'Maja', 'Oskar', 'Elin', 'Göran'],
  TR: ['Mehmet', 'Ayşe', 'Mustafa', 'Fatma', 'Emre', 'Zeynep', 'Burak', 'Elif', 'Özge', 'Can'],
  JP: ['Haruto', 'Yui', 'Sōta', 'Aoi', 'Ren', 'Sakura', 'Hiroshi', 'Yuki', 'Kenji', 'Emi'],
  KR: ['Min-jun', 'Seo-yeon', 'Ji-hoon', 'Ha-eun', 'Do-yun', 'Ji-woo', 'Hyun-woo', 'Su-bin', 'Jae-won', 'Eun-ji'],
  CN: ['Wei', 'Fang', 'Jing', 'Lei', 'Min', 'Yan', 'Jun', 'Xiu', 'Hao', 'Mei'],
  GR: ['Giorgos', 'Eleni', 'Dimitris', 'Katerina', 'Nikos', 'Sofia', 'Kostas', 'Ioanna', 'Yannis', 'Despina'],
};
