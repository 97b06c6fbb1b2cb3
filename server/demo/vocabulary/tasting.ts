import type { WineStyle } from './varietals';

export const AROMAS: Record<WineStyle, readonly string[]> = {
  red: ['black cherry', 'cassis', 'ripe plum', 'blackberry', 'raspberry', 'violet', 'cedar', 'tobacco leaf', 'dried herbs', 'cocoa', 'espresso', 'black pepper', 'leather', 'red currant', 'graphite', 'clove', 'forest floor', 'mocha', 'licorice', 'sage'],
  white: ['green apple', 'white peach', 'lemon zest', 'pear', 'honeysuckle', 'grapefruit', 'pineapple', 'wet stone', 'lime blossom', 'apricot', 'toasted almond', 'brioche', 'jasmine', 'quince', 'beeswax', 'passion fruit', 'fresh-cut grass', 'chamomile'],
  rose: ['wild strawberry', 'watermelon', 'pink grapefruit', 'rose petal', 'white cherry', 'orange blossom', 'red currant', 'garrigue'],
  sparkling: ['brioche', 'green apple', 'lemon curd', 'toasted hazelnut', 'white flowers', 'pear', 'chalk', 'fresh bread'],
  sweet: ['orange blossom', 'ripe peach', 'honeysuckle', 'apricot', 'candied citrus', 'sage'],
};

export const PALATE: Record<WineStyle, readonly string[]> = {
  red: ['firm, fine-grained tannins', 'a plush, generous mid-palate', 'bright acidity and savory depth', 'polished tannins and a long finish', 'silky texture and lifted fruit', 'dense structure built to age'],
  white: ['crisp acidity and a saline finish', 'a creamy, round texture', 'racy minerality', 'vibrant citrus and a long, clean finish', 'a hint of oak and a supple mid-palate', 'off-dry balance and electric acidity'],
  rose: ['a dry, refreshing finish', 'bright acidity and a light body', 'a delicate, mineral finish'],
  sparkling: ['a fine, persistent mousse', 'crisp acidity and a creamy bead', 'a chalky, precise finish'],
  sweet: ['gentle sweetness balanced by fresh acidity', 'a light, frothy texture and low alcohol'],
};

export const WINEMAKING: Record<WineStyle, readonly string[]> = {
  red: ['Aged 18 months in French oak, 30% new.', 'Hand-harvested and fermented in small open-top tanks.', 'Aged in a mix of neutral barrels and concrete.', 'Native-yeast fermentation with extended maceration.', 'Aged 14 months in French and Hungarian oak.'],
  white: ['Whole-cluster pressed and fermented in stainless steel.', 'Barrel-fermented with partial malolactic conversion.', 'Aged on the lees for six months.', 'Fermented cool to keep the aromatics.', 'Aged in neutral oak and concrete eggs.'],
  rose: ['Direct-press rosé, fermented dry in stainless steel.', 'A brief skin contact gives a pale salmon color.'],
  sparkling: ['Traditional method, aged at least 24 months on the lees.', 'Made in the traditional method with a low dosage.'],
  sweet: ['Fermentation stopped early to keep natural sweetness.', 'Lightly sparkling and low in alcohol.'],
};

export const PAIRINGS: Record<WineStyle, readonly string[]> = {
  red: ['grilled ribeye', 'braised short ribs', 'mushroom risotto', 'lamb chops', 'aged cheddar', 'roast duck', 'wood-fired pizza', 'barbecue'],
  white: ['oysters', 'roast chicken', 'grilled fish', 'goat cheese salad', 'spicy Thai dishes', 'lobster', 'sushi'],
  rose: ['charcuterie', 'Niçoise salad', 'grilled shrimp', 'summer vegetables'],
  sparkling: ['fried chicken', 'caviar', 'oysters', 'salty snacks'],
  sweet: ['fruit tarts', 'blue cheese', 'spicy takeout'],
};
